alternatives { 'editor':
  path => '/usr/bin/vim.basic',
}
