notify { 'plain': }
notify { 'tagged': tag => 'special' }
class special { notify { 'in_class': } }
include special
notify { 'needs_plain': tag => 'special', require => Notify['plain'] }
