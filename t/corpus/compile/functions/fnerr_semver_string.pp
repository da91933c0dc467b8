notice(SemVer('1.2'))
