stage { 'pre': before => Stage['main'] }
class early {
  include helper
}
class helper {
  notify { 'h': }
}
class { 'early': stage => pre }
