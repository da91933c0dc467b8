# a module of the base module path ($basemodulepath)
class common {
  notify { 'common': message => "common in ${environment}" }
}
