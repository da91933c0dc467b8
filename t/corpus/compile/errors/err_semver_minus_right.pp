$v = SemVer('1.2.3')
$x = 1 - $v
