define d(Optional[Nosuch::Thing] $x = undef) {}
d { 'a': }
