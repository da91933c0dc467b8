$v = 'y'
$list = ['x', 'y']
case $v {
  *$list: { notify { 'in list': } }
  default: { notify { 'not': } }
}
