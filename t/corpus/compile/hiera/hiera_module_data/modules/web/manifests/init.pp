# web has no hiera.yaml: its parameters keep their defaults
class web (String $docroot = '/var/www') {
  notify { "web ${docroot}": message => lookup('ntp::package') }
}
