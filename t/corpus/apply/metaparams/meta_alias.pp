notify { 'long name': alias => 'short' }
notify { 'user': require => Notify['short'] }
notify { 'first': before => Notify['short'] }
