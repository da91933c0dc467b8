$x = 1
case $x {
  1, 2: { 'small' }
  /^3/: { }
  default: { 'big' }
}
notify { 'a': }
