notify { 'first': }
include a
notify { 'last': }
