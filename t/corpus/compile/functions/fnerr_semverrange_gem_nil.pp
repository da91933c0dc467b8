notice(SemVerRange('^5.5 <5.0 =2.2.5'))
