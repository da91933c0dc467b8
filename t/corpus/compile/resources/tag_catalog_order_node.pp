class c1 { }
include c1
node default { notify { 'node': } }
