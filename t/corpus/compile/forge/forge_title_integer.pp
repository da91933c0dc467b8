# an Integer title through create_resources: no title tag, the namevar printed as a string
define p($port) { notify { "p${title}": message => "${port} ${title} ${name} ${title =~ String}" } }
create_resources('p', {443 => {port => 1}})
create_resources('notify', {80 => {}, 'str' => {}})
create_resources('notify', {81 => {name => 'given'}})
create_resources('@notify', {82 => {}})
realize(Notify['82'])
