class app {
  notify { 'app': message => app::greet('app') }
}
