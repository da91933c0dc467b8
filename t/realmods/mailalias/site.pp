mailalias { 'postmaster':
  recipient => 'root',
}
