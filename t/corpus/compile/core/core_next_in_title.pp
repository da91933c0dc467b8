$r = [1, 2].map |$x| { notify { if $x == 1 { next('t') } else { 'title2' }: message => 'm' } 'done' }
notify { 'r': message => $r }
class c($p = 1) { notify { 'c': message => return() } }
include c
