rtt_child { 'c': force => true }
