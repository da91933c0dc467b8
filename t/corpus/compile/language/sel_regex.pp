$host = 'db07'
notify { 'a':
  message => $host ? {
    /^web(\d+)$/ => "web ${1}",
    /^db(\d+)$/  => "db ${1}",
    default      => 'none',
  },
}
