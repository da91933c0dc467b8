# node B: collects A's exports with queries, one with an override
define site::alias($target, $port = 22) {
  notify { "alias ${title} -> ${target}:${port}": }
}
class collect {
  Sshkey <<| tag == 'x' |>> { host_aliases => ['a-key'] }
  Host <<| title == 'a.example.com' and ip == '192.0.2.1' |>>
  Host <<| ip == '192.0.2.9' or title == 'nothing.example.com' |>>
  Host <<| title == 'old.example.com' |>>   # the same one again: no duplicate
  Site::Alias <<| port == 8080 |>>
  Host <<| ip != '192.0.2.1' and ip != '192.0.2.9' |>>
  @@host { 'b.example.com': ip => '192.0.2.2' }
  Host <<| title == 'b.example.com' |>>
}
include collect
Exec <<| tag == 'x' |>>
