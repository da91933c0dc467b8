# an Integer title through stdlib's ensure_resource(s): no title tag, the namevar printed as a string
define p($port) { notify { "p${title}": message => "${port} ${title} ${name}" } }
ensure_resource('notify', 444, {})
ensure_resource('p', 445, {port => 2})
ensure_resources('notify', {446 => {}})
ensure_resource('notify', [447, 'x448'], {})
ensure_resource('notify', 444, {})
