class m {
  notify { 'm': }
}
