# logging functions: the statement forms Puppet allows without parentheses (debug, info,
# notice, warning, err), and alert/crit/emerg called with them; they log to stderr
debug 'c', 1
info 'f'
err 'e', [1, 2]
notice 'g'
warning 'h'
$r = [alert('x'), crit('y'), debug('z'), emerg('w'), err('v'), info('u'), notice('t'), warning('s')]
notify { 'done': message => $r.map |$x| { $x =~ Undef } }
