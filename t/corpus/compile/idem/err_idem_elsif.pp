$x = 1
if $x == 1 {
} elsif $x == 2 {
  2
} else {
  3
}
notify { 'a': }
