class db (Array $users, Hash $tuning, Hash $options = {}) {
  notify { 'db': message => { 'users' => $users, 'tuning' => $tuning, 'options' => $options } }
}
