bool2num('maybe')
