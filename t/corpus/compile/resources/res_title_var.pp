$t = 'x'
notify { $t: }
notify { "p_${t}": }
notify { "${t}-${t}": }
