# a module of site/, first on environment.conf's modulepath
class base {
  notify { 'base': message => "module ${module_name}" }
}
