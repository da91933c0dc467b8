$x = bool2str('true')
