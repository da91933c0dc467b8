# read before site.pp: files are read in path order
notify { 'first': message => "env ${environment}" }
$motd = lookup('motd::lines', Array[String], 'unique')
notify { 'motd': message => join($motd, ', ') }
