class ov { Notify['later'] { message => 'x' } }
include ov
notify { 'later': }
