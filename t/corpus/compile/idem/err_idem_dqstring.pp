# a double-quoted string without interpolation is a plain String
notify { 'a': }
"no interpolation"
notify { 'b': }
