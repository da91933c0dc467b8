$v = SemVer('1.2.3')
$x = 2.5 * $v
