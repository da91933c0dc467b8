# manifests/site.pp: one file of the manifests directory
node default {
  include web
  notify { 'greeting': message => lookup('greeting') }
}
