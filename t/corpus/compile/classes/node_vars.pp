$top = 'topvar'
node default {
  $local = 'nodevar'
  notify { "${top} ${local} ${facts['hostname']}": }
}
