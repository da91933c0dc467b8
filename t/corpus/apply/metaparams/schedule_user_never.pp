schedule { 'nope': period => never }
notify { 'x': schedule => 'nope' }
notify { 'y': require => Notify['x'] }
