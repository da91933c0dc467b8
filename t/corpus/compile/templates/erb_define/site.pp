define m::vhost($port, $docroot = '/var/www') {
  file { "/tmp/mcomp-corpus/${title}.conf": content => template('m/vhost.erb') }
}
m::vhost { 'a.example': port => 80 }
m::vhost { 'b.example': port => 443, docroot => '/srv/b' }
