notice(SemVerRange(''))
