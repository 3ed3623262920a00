// A memcached server of a test's own: `memcached` from PATH, on 127.0.0.1 at a free port, killed
// with this object (and with the test process, should that die first). started() says whether it
// answered; problem() says in one line why not, for GTEST_SKIP.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace semibfs::testing {

// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick), or 0.
inline int free_local_port() {
  const int socket_fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (socket_fd < 0) return 0;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  int port = 0;
  if (::bind(socket_fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
      ::getsockname(socket_fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  ::close(socket_fd);
  return port;
}

// Whether a memcached on 127.0.0.1:port answers "version" (text protocol) within a second.
inline bool memcached_answers(int port) {
  const int socket_fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (socket_fd < 0) return false;
  timeval timeout{1, 0};
  ::setsockopt(socket_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  char reply[64] = {};
  const bool answered = ::connect(socket_fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
                        ::send(socket_fd, "version\r\n", 9, MSG_NOSIGNAL) == 9 &&
                        ::recv(socket_fd, reply, sizeof(reply) - 1, 0) > 0 && std::strncmp(reply, "VERSION", 7) == 0;
  ::close(socket_fd);
  return answered;
}

// The path of `name` in PATH, or "".
inline std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string folders = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t start = 0; start <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', start), folders.size());
    const std::string candidate = folders.substr(start, end - start) + "/" + name;
    if (end > start && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

class MemcachedServer {
 public:
  MemcachedServer() {
    const std::string program = find_program("memcached");
    if (program.empty()) {
      problem_ = "no memcached in PATH (install memcached)";
      return;
    }
    for (int attempt = 0; attempt < 3 && pid_ <= 0; ++attempt) start(program);  // a port may be taken meanwhile
  }
  ~MemcachedServer() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  MemcachedServer(const MemcachedServer&) = delete;
  MemcachedServer& operator=(const MemcachedServer&) = delete;

  bool started() const { return pid_ > 0; }
  int port() const { return port_; }
  const std::string& problem() const { return problem_; }

 private:
  // 64 MiB, 2 threads, no UDP; as root memcached must be told to stay root.
  void start(const std::string& program) {
    port_ = free_local_port();
    std::vector<std::string> words = {program, "-l", "127.0.0.1", "-p", std::to_string(port_), "-U", "0",
                                      "-m",    "64", "-t",        "2"};
    if (::geteuid() == 0) words.insert(words.end(), {"-u", "root"});
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) {  // only async-signal-safe calls until exec
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(127);
      const int null_fd = ::open("/dev/null", O_RDWR);
      for (int stream = 0; stream < 3; ++stream) ::dup2(null_fd, stream);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    if (pid < 0) {
      problem_ = "could not fork memcached: " + std::string(std::strerror(errno));
      return;
    }
    wait_for_answer(pid);
  }

  // Keeps `pid` when it answers within 5 s; else kills it and says why.
  void wait_for_answer(pid_t pid) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        problem_ = "memcached exited (status " + std::to_string(WEXITSTATUS(status)) + ") before answering on port " +
                   std::to_string(port_);
        return;
      }
      if (memcached_answers(port_)) {
        pid_ = pid;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    problem_ = "memcached did not answer on 127.0.0.1:" + std::to_string(port_) + " within 5 s";
  }

  pid_t pid_ = -1;
  int port_ = 0;
  std::string problem_;
};

// A TCP server on 127.0.0.1 that answers anything with an HTTP error, as a proxy in front of a
// wrong address might: it serves `connections` clients, then stops (or after 10 s without one).
class NotMemcachedServer {
 public:
  explicit NotMemcachedServer(int connections) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
        ::listen(listen_fd_, connections) != 0 ||
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      return;
    }
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this, connections] { serve(connections); });
  }
  ~NotMemcachedServer() {
    if (thread_.joinable()) thread_.join();
    if (listen_fd_ >= 0) ::close(listen_fd_);
  }
  NotMemcachedServer(const NotMemcachedServer&) = delete;
  NotMemcachedServer& operator=(const NotMemcachedServer&) = delete;

  // 0 when it could not listen.
  int port() const { return port_; }

 private:
  void serve(int connections) {
    for (int served = 0; served < connections; ++served) {
      pollfd waiting{listen_fd_, POLLIN, 0};
      if (::poll(&waiting, 1, 10000) <= 0) return;
      const int client = ::accept(listen_fd_, nullptr, nullptr);
      if (client < 0) return;
      pollfd request{client, POLLIN, 0};
      char bytes[512];
      if (::poll(&request, 1, 2000) > 0) ::recv(client, bytes, sizeof(bytes), 0);  // what the client sent first
      constexpr char kReply[] = "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
      ::send(client, kReply, sizeof(kReply) - 1, MSG_NOSIGNAL);
      ::close(client);
    }
  }

  int listen_fd_ = -1;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace semibfs::testing
