class a { notify { 'x': } }
include a
Notify['x'] { message => 'y' }
