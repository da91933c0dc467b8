node 'other.example.com' {
  notify { 'other': }
}
notify { 'top': }
