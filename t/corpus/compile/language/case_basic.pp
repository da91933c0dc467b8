$x = 'b'
case $x {
  'a', 'b': { notify { 'a or b': } }
  'c': { notify { 'c': } }
  default: { notify { 'other': } }
}
