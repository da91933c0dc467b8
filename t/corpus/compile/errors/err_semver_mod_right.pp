$v = SemVer('1.2.3')
$x = 7 % $v
