# node B declares a host A exports, and collects it
host { 'a.example.com': ip => '192.0.2.100' }
Host <<| |>>
