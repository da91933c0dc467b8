class web {
  exec { 'reload':
    command => 'echo reload',
  }
}
include web
