notify { 'plain': }
notify { 'tagged': tag => 'special' }
notify { 'after_tagged': require => Notify['tagged'] }
