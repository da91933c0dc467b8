notify { 'x': }
node default { Notify['x'] { message => 'y' } }
