# an if whose branches do nothing is a value that is thrown away
$x = 1
if $x == 1 {
}
notify { 'a': }
