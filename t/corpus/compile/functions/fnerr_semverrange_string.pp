notice(SemVerRange('foo'))
