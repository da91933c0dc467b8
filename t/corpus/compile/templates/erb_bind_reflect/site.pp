# Templates that read variables without naming them: each still sees every
# variable of its scope (reflection, eval, send, binding, self).
class m ($port = 8080, $host = 'db.example.com') {
  $local = 'here'
  $gone = undef
  file { '/tmp/mcomp-corpus/ivars': content => template('m/ivars.erb') }
  file { '/tmp/mcomp-corpus/get': content => template('m/get.erb') }
  file { '/tmp/mcomp-corpus/eval': content => inline_template("<%= eval('@' + 'host') %>|<%= binding.eval('@port') %>|<%= send(:instance_variable_get, '@' + 'local') %>\n") }
  file { '/tmp/mcomp-corpus/self': content => inline_template("<%= self.instance_variable_get('@port') %>|<%= [self].map { |t| t.instance_variable_get(:@host) }.first %>|<%= tap { |t| break t.instance_variable_get('@local') } %>\n") }
  file { '/tmp/mcomp-corpus/defined': content => inline_template("<%= instance_variable_defined?('@local') %>|<%= instance_variable_defined?('@gone') %>|<%= instance_variable_defined?('@nothing') %>\n") }
}
$top = 'top value'
include m
