$x = SemVer('1.2.3') + 1
