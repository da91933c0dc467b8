notice(SemVerRange('>=0 || >1.2.1'))
