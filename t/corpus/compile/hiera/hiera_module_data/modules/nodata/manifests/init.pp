# nodata has a data directory but no hiera.yaml: Puppet does not read it
class nodata ($x = 'default x') {
  notify { "nodata ${x}": }
}
