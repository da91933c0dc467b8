# "${keyword}": a keyword alone (or before [ or .) inside ${} is a variable
define kw($type, $class = 'c', $unless = 'u', $node = 'n', $case = 'cs', $default = 'd', $define = 'df', $if = 'i', $elsif = 'ei', $else = 'e', $inherits = 'ih', $and = 'a', $or = 'o', $in = 'in', $function = 'f', $attr = 'at', $private = 'p', $application = 'ap', $consumes = 'co', $produces = 'pr', $site = 's', $import = 'im') {
  notify { "${title}": message => "${type} ${class} ${unless} ${node} ${case} ${default} ${define} ${if} ${elsif} ${else} ${inherits} ${and} ${or} ${in} ${function} ${attr} ${private}" }
  notify { "${title}2": message => "${application} ${consumes} ${produces} ${site} ${import}" }
  notify { "${title}3": message => "${type[0]} ${class.upcase} ${unless[0,1]} ${node.length} ${case.upcase} ${default.map |$c| { $c }}" }
}
kw { 'x': type => 'ty', default => ['d1'] }
$undef = 'u'
$type = ['abc']
notify { 'top': message => "<${undef}> ${type.map |$x| { $x }} ${type[0].upcase} ${::type[0]}" }
